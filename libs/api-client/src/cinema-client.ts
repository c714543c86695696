import {
  cinemaEndpoints as cinema,
  type CinemaMemberView,
  type CinemaStatus,
  type CinemaWaitlistEntry,
  type CreateCinemaBookingRequest,
  type CreateCinemaBookingResponse,
  type JoinCinemaWaitlistRequest,
} from '@croft/contracts';
import { ApiError, type ClientOptions } from './api-error';
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
  const bearer = (init?: CallInit): CallInit => {
    const token = options.getAccessToken();
    if (!token) throw new ApiError(401, 'not_signed_in', 'You are not signed in.');
    return { ...init, headers: { ...init?.headers, authorization: `Bearer ${token}` } };
  };
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
