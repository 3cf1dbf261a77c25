import { call } from '@/lib/api-client';

/**
 * The contact form's token, fetched when the form appears: the API measures the fill time from the moment it
 * issued it (the page's own figure could be made up), so a message sent with it proves the form was open.
 */
export const startContactForm = () => call('start-contact-form');
