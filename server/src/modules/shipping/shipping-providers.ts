import type { AppContext } from '../../context';
import type { Env } from '../../env';
import { SandboxShippingProvider } from './sandbox/sandbox-shipping-provider';
import type { ShippingProvider } from './shipping-provider';

const replacedProviders = new WeakMap<Env, (ctx: AppContext) => ShippingProvider>();
const providerFactories = new Map<'easypost', (ctx: AppContext) => ShippingProvider>();

/**
 * Replaces the provider chosen from this configuration: tests plug in one whose calls hang, fail
 * or count; `null` goes back to the configuration's choice.
 */
export function replaceShippingProvider(env: Env, provider: ((ctx: AppContext) => ShippingProvider) | null): void {
  if (provider) replacedProviders.set(env, provider);
  else replacedProviders.delete(env);
}

/** The EasyPost provider's module registers its factory here (easypost/, imported at start by register-modules.ts). */
export function registerShippingProviderFactory(name: 'easypost', factory: (ctx: AppContext) => ShippingProvider): void {
  providerFactories.set(name, factory);
}

/** The built-in sandbox, keeping its parcels through `ctx.db`. */
export const sandboxShippingProvider = (ctx: AppContext) => new SandboxShippingProvider({ db: ctx.db, now: ctx.now });

/**
 * The one choice of shipping provider (docs/rules/shipping.md#the-provider-port), as payments choose
 * theirs: SHIPPING_PROVIDER=easypost (its keys checked at start, env.ts) or the built-in sandbox.
 */
export function shippingProviderFor(ctx: AppContext): ShippingProvider {
  const replaced = replacedProviders.get(ctx.env);
  if (replaced) return replaced(ctx);
  if (ctx.env.SHIPPING_PROVIDER === 'easypost') {
    const factory = providerFactories.get('easypost');
    if (!factory) throw new Error('SHIPPING_PROVIDER=easypost, and the EasyPost provider is not registered');
    return factory(ctx);
  }
  return sandboxShippingProvider(ctx);
}

/** Whether the sandbox's development control answers (SHIPPING_PROVIDER=sandbox). */
export const isShippingSandbox = (env: Env) => env.SHIPPING_PROVIDER === 'sandbox';
