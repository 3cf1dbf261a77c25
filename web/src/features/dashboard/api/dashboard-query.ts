/** Responses arrive while the owner looks elsewhere: coming back to the tab shows fresh numbers. */
export const liveOptions = { staleTime: 10_000, refetchOnWindowFocus: true } as const;
