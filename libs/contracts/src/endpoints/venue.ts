import { getCommonGoodTotalsEndpoint, postCommonGoodTotalsEndpoint } from './venue-totals';
import {
  listCommonGoodMessagesEndpoint,
  listDonationsEndpoint,
  moderateCommonGoodMessageEndpoint,
  recordDonationEndpoint,
  sendCommonGoodMessageEndpoint,
} from './venue-common-good';
import { listBookingsEndpoint, resendBookingMailEndpoint, sendBookingEnquiryEndpoint } from './venue-bookings';

export * from './venue-totals';
export * from './venue-common-good';
export * from './venue-bookings';

/** The venue service (/api/venue): the Common Good fund, its messages and booking enquiries. */
export const venueEndpoints = {
  getCommonGoodTotals: getCommonGoodTotalsEndpoint,
  postCommonGoodTotals: postCommonGoodTotalsEndpoint,
  recordDonation: recordDonationEndpoint,
  listDonations: listDonationsEndpoint,
  sendCommonGoodMessage: sendCommonGoodMessageEndpoint,
  listCommonGoodMessages: listCommonGoodMessagesEndpoint,
  moderateCommonGoodMessage: moderateCommonGoodMessageEndpoint,
  sendBookingEnquiry: sendBookingEnquiryEndpoint,
  listBookings: listBookingsEndpoint,
  resendBookingMail: resendBookingMailEndpoint,
} as const;
