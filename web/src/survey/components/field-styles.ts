/** The page's text fields and their messages: neutral on white, readable on any survey background. */
export const inputClass =
  'w-full rounded-md border border-neutral-500 bg-white px-3 py-2 text-base text-neutral-900 placeholder:text-neutral-600 focus-visible:outline-3 focus-visible:outline-offset-2 aria-invalid:border-red-700';
export const errorClass = 'w-fit rounded-md bg-white px-2 py-1 text-sm font-medium text-red-700';
