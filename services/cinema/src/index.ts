export { cinemaModule } from './module';
export { createCinemaService } from './cinema-service';
export type { CinemaService, CinemaServiceOptions } from './cinema-service';
export { cinemaConfigSchema, CINEMA_DEFAULT_PORT } from './config';
export type { CinemaConfig } from './config';
export { CINEMA_BOOKINGS_COLLECTION, CINEMA_SCREENINGS_COLLECTION, CINEMA_TICKETS_COLLECTION, cinemaModels } from './data/cinema-models';
