import {
  cinemaEndpoints as cinema,
  type CheckInRequest,
  type CheckInResponse,
  type DoorListResponse,
  type StaffScreening,
  type UpdateScreeningRequest,
  type CinemaMemberView,
  type CinemaStatus,
  type CinemaWaitlistEntry,
  type CreateCinemaBookingRequest,
  type CreateCinemaBookingResponse,
  type JoinCinemaWaitlistRequest,
} from '@croft/contracts';
import type { ClientOptions } from './api-error';
import { bearerFrom } from './bearer';
import { callEndpoint, type CallInit } from './call-endpoint';

export interface CinemaClientOptions extends ClientOptions {
  /** The signed-in session's access token (null when signed out: member calls then fail with 401 'not_signed_in'). */
  getAccessToken: () => string | null;
}

/** Secret Cinema (/api/cinema): the public status and the signed-in member's booking. */
export interface CinemaClient {
  /** get_cinema_status: anyone may read it. */
  status(init?: CallInit): Promise<CinemaStatus>;
  /** The member's booking and waiting-list place for the screening on sale. */
  memberView(init?: CallInit): Promise<CinemaMemberView>;
  /** create_cinema_booking: the member comes from the token, never the body. */
  book(input: CreateCinemaBookingRequest): Promise<CreateCinemaBookingResponse>;
  /** Sends the ticket email again. */
  resend(): Promise<void>;
  /** Cancels the member's booking (up to 24 h before doors); answers the tickets now left. */
  cancel(): Promise<number>;
  joinWaitlist(input: JoinCinemaWaitlistRequest): Promise<CinemaWaitlistEntry>;
  leaveWaitlist(): Promise<void>;
}

export function createCinemaClient(options: CinemaClientOptions): CinemaClient {
  const bearer = bearerFrom(options.getAccessToken);
  return {
    status: async (init) => callEndpoint(options, cinema.getStatus, {}, init),
    memberView: async (init) => callEndpoint(options, cinema.getMemberView, {}, bearer(init)),
    book: async (body) => callEndpoint(options, cinema.createBooking, { body }, bearer()),
    resend: async () => void (await callEndpoint(options, cinema.resendTickets, {}, bearer())),
    cancel: async () => (await callEndpoint(options, cinema.cancelBooking, {}, bearer())).tickets_left,
    joinWaitlist: async (body) => callEndpoint(options, cinema.joinWaitlist, { body }, bearer()),
    leaveWaitlist: async () => void (await callEndpoint(options, cinema.leaveWaitlist, {}, bearer())),
  };
}

/** The cinema team's staff calls (role staff or admin): screenings, the door list, check-in. */
export interface CinemaStaffClient {
  screenings(init?: CallInit): Promise<StaffScreening[]>;
  update(id: string, change: UpdateScreeningRequest): Promise<StaffScreening>;
  cancel(id: string, version: number, reason: string): Promise<StaffScreening>;
  door(id: string, init?: CallInit): Promise<DoorListResponse>;
  checkIn(id: string, by: CheckInRequest): Promise<CheckInResponse>;
}

export function createCinemaStaffClient(options: CinemaClientOptions): CinemaStaffClient {
  const bearer = bearerFrom(options.getAccessToken);
  return {
    screenings: async (init) => (await callEndpoint(options, cinema.listScreenings, {}, bearer(init))).items,
    update: async (id, body) => callEndpoint(options, cinema.updateScreening, { params: { id }, body }, bearer()),
    cancel: async (id, version, reason) => callEndpoint(options, cinema.cancelScreening, { params: { id }, body: { version, reason } }, bearer()),
    door: async (id, init) => callEndpoint(options, cinema.doorList, { params: { id } }, bearer(init)),
    checkIn: async (id, body) => callEndpoint(options, cinema.checkIn, { params: { id }, body }, bearer()),
  };
}
