// Build-time flags, replaced by Vite's `define` (see vite.config.ts) and set as globals in jest.
declare const __RELOC_MOBILE__: boolean;
declare const __RELOC_PRIVACY_URL__: string;
declare const __RELOC_PUBLIC_SITE_URL__: string;

/** True in the mobile build (dist-mobile/), shown inside the mobile wrapper. */
export const IS_MOBILE: boolean = __RELOC_MOBILE__;

/** The provider's privacy policy, linked from the about page. */
export const PRIVACY_POLICY_URL: string = __RELOC_PRIVACY_URL__;

/** The client-facing public site (no trailing slash), e.g. for a file's lease page. */
export const PUBLIC_SITE_URL: string = __RELOC_PUBLIC_SITE_URL__.replace(/\/+$/, '');

/** Spec §9 timers and display constants used by the shell. */
export const SNACKBAR_TIMEOUT_MS = 7000;
export const VERSION_CHECK_INTERVAL_MS = 600_000;
export const ONLINE_CHECK_INTERVAL_MS = 5000;
export const NOTIFICATIONS_PAGE_SIZE = 100;
