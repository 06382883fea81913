// Imported by scripts/bench-web.mjs, so that these resolve in tools/lighthouse/node_modules.
export { default as lighthouse } from 'lighthouse';
export * as chromeLauncher from 'chrome-launcher';
