/** The electrodb service every entity of the one table is modelled under: part of each stored item's identity. */
export const tableService = 'reviewroute';
