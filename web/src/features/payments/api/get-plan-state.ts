import { useQuery } from '@tanstack/react-query';
import { routeQueryOptions } from '@/lib/route-query';

/**
 * The signed-in owner's plan state (decisions 22), from the account summary's one cache entry, the header
 * badge's too, so both stay in step; nothing is asked while signed out.
 */
export const usePlanState = (signedIn: boolean) =>
  useQuery({ ...routeQueryOptions('get-account'), select: (summary) => summary.plan, enabled: signedIn });
