import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '@croft/chromium';

/** The e2e site runs beside a developer's `npm start` without touching its ports or data. */
export const E2E_PORT = 3300;
export const E2E_ORIGIN = `http://localhost:${E2E_PORT}`;
export const MAILDEV_WEB = 'http://127.0.0.1:1180';

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  // Upper bounds, not waits: every step waits for its condition. They are generous because CI and
  // teammates run on 2 shared cores, often loaded (guide §17), where a lazy chunk can take seconds.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL: E2E_ORIGIN,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS } } },
  ],
  webServer: {
    // Exactly what `npm start` runs, on e2e ports, with a fresh in-memory store.
    command: 'node --import tsx tools/dev/start.ts',
    cwd: '..',
    url: `${E2E_ORIGIN}/api/content/faq?page=home`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      PUBLIC_ORIGIN: E2E_ORIGIN,
      MAILDEV_SMTP_PORT: '1125',
      MAILDEV_WEB_PORT: '1180',
      EMBEDDED_MONGO_DATA: '',
      LOG_LEVEL: 'warn',
      // Secret Kitchens lives on its own host: 127.0.0.1 stands in for it, localhost is the site.
      SECRET_KITCHENS_HOST: `127.0.0.1:${E2E_PORT}`,
      SECRET_KITCHEN_EMAILS: 'chef@example.com',
      // Whole cards in one test (six for the Lucky 7); the default cap (3 a day) is tested in the service.
      LOYALTY_DAILY_CAP: '50',
      LOYALTY_UPLOADS_PER_MINUTE: '200',
      // Every test signs its members up from this one machine (the default is 10 per 10 minutes).
      NEWSLETTER_SUBSCRIBES_PER_IP: '200',
      // …and signs them in from it (the default is 20 codes per 15 minutes per address).
      IDENTITY_CODES_PER_IP: '500',
      // A small screening, so a test can sell it down to its last seat (cinema-booking.spec.ts).
      CINEMA_CAPACITY: '8',
    },
  },
});
