import type { Clock } from '../core/clock';
import type { Database } from '../db/client';
import type { CancellationService } from '../domain/cancellations/service';
import type { SeatService } from '../domain/seats/service';
import type { CheckInService } from '../domain/check-in/service';
import type { CheckoutService } from '../domain/checkout/service';
import type { InventoryView } from '../domain/inventory/view';
import type { WeatherService } from '../domain/weather/service';
import type { World } from '../domain/world/world';
import type { SupplierSetup } from '../domain/suppliers/setup';
import type { Config } from './config';
import type { Searcher } from './search/searcher';
import type { Logger } from './logger';

/** What every route and job may use. Passed to createApp; tests build their own. */
export interface AppDeps {
  database: Database;
  clock: Clock;
  config: Config;
  logger: Logger;
  /** The generated flight world (schedule, airports, airlines). */
  world: World;
  /** Search's in-memory seat inventory, kept current by booking and a refresh job. */
  inventory: InventoryView;
  /**
   * Forecasts with a 30-minute per-city cache; typical weather when the provider fails or has no key.
   * Read it through `weatherOf(deps)` (src/server/weather.ts), which builds the default when absent.
   */
  weather?: WeatherService;
  /** Computes search answers (worker threads in the server); absent: in the serving thread. */
  search?: Searcher;
  /** Hold → order → pay → confirm → refund/reconcile; built once by createAppDeps. */
  checkout: CheckoutService;
  /** Cancellation quotes, cancellations and their refunds through the checkout's provider; built once by createAppDeps. */
  cancellations: CancellationService;
  /** Seat maps, seat states and prices, and seat choices on held bookings; built once by createAppDeps. */
  seats: SeatService;
  /** Web check-in: window states, documents, sequence numbers and the pass; built once by createAppDeps. */
  checkIn: CheckInService;
  /** Who sells the seats: the world, or Duffel with its offer cache (DUFFEL_ACCESS_TOKEN); built once by createAppDeps. */
  supplier: SupplierSetup;
}

/** The signed-in traveller, set by the session middleware when a valid session cookie is present. */
export interface SessionUser {
  id: string;
  email: string;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    requestId: string;
    user: SessionUser | undefined;
  };
}
