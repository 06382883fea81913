import { registerShippingProviderFactory } from '../shipping-providers';
import { EasyPostShippingProvider } from './easypost-shipping-provider';

/**
 * Makes SHIPPING_PROVIDER=easypost answer with the EasyPost provider (called once at start by
 * register-modules.ts). Its keys were checked when the configuration was read (env.ts);
 * EASYPOST_API_BASE points the SDK elsewhere than api.easypost.com (a stand-in in tests).
 */
export function registerEasyPostShippingProvider(): void {
  registerShippingProviderFactory('easypost', (ctx) => {
    const { EASYPOST_API_KEY, EASYPOST_WEBHOOK_SECRET, EASYPOST_API_BASE } = ctx.env;
    if (!EASYPOST_API_KEY || !EASYPOST_WEBHOOK_SECRET)
      throw new Error('SHIPPING_PROVIDER=easypost needs EASYPOST_API_KEY and EASYPOST_WEBHOOK_SECRET');
    return new EasyPostShippingProvider({ apiKey: EASYPOST_API_KEY, webhookSecret: EASYPOST_WEBHOOK_SECRET, baseUrl: EASYPOST_API_BASE });
  });
}
