import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app';

describe('starting the app on a slow host', () => {
  const testApp = useTestApp();

  // A busy machine once aborted the start with "Plugin did not start in time: '@fastify/cookie'"
  // (Fastify's default pluginTimeout of 10 s): a start may be slow, it must never fail for it.
  it('gives plugins as long as they need to start (no plugin timeout)', () => {
    expect(testApp().app.initialConfig.pluginTimeout).toBe(0);
  });
});
