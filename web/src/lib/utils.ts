import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

// Conditional class names, with later Tailwind utilities winning over conflicting earlier ones.
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
