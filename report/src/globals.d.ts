/** Set by report/vite.config.ts: true on the development server (which shows the sample report), false in builds. */
declare const __REPORT_DEV_SAMPLE__: boolean;
