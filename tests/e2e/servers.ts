/** Where the e2e servers listen (all on loopback); started by playwright.config.ts. */
export const PORTS = { app: 4173, crossOriginApp: 4174, demoGateway: 4175 } as const;

export const APP_URL = `http://127.0.0.1:${PORTS.app}`;
export const CROSS_ORIGIN_APP_URL = `http://127.0.0.1:${PORTS.crossOriginApp}`;
/** `localhost`, not 127.0.0.1: a different origin from the apps, so every call is cross-origin. */
export const DEMO_GATEWAY_URL = `http://localhost:${PORTS.demoGateway}`;
