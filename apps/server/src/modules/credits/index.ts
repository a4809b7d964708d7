export { creditsRoutes } from './credits.routes.ts';
export { type CreditsService, type KeyCharge, type Reservation, createCreditsService } from './credits.service.ts';
export { startReservationSweep } from './reservation-sweep.ts';
