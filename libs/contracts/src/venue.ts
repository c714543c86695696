// ---------------------------------------------------------------------------------------------
// The venue service (mounted at /api/venue): the Common Good fund and its messages (spec 000 §2
// /common-good, /common-good/message; spec 001 §6 get-common-good-totals) and booking
// enquiries from /book. Money is integer pence; the spec's field name says "cents".
// One file per area, so a page's chunk carries only the schemas it uses.
// ---------------------------------------------------------------------------------------------
export * from './venue/fields';
export * from './venue/common-good-totals';
export * from './venue/common-good';
export * from './venue/bookings';
