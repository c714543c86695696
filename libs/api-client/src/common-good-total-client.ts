import { getCommonGoodTotalsEndpoint } from '@croft/contracts';
import type { ClientOptions } from './api-error';
import { callEndpoint } from './call-endpoint';

/**
 * The one venue read on every public page (the footer's running total), in its own module so a
 * page that only shows the total does not carry the booking and message contracts.
 */
export interface CommonGoodTotalClient {
  /** The Common Good fund's running total in pence (spec get-common-good-totals). */
  getCommonGoodTotal(init?: { signal?: AbortSignal }): Promise<number>;
}

export function createCommonGoodTotalClient(options: ClientOptions = {}): CommonGoodTotalClient {
  return {
    async getCommonGoodTotal(init) {
      return (await callEndpoint(options, getCommonGoodTotalsEndpoint, {}, init)).combined_total_cents;
    },
  };
}
