import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every money provider call goes through the one provider-step runner (provider-step.ts): this reads
 * the product's source and fails on a provider method called anywhere but in the `call` of a
 * `runProviderStep({...})`, so a hand-written "intent, call, apply" sequence cannot come back. It also
 * lists the steps: a new provider call is a new line below, with its hold-open test.
 */

const SERVER_SRC = join(__dirname, '../..');

/**
 * The calls of the one money provider port (MoneyProvider, money-provider.ts), of the sandbox's card
 * form, and of Stripe Connect onboarding (wallet/stripe-connect-api.ts, called as `connectApi`).
 */
const PORT_METHODS = new Set([
  'createMembershipPayment',
  'retrieve',
  'refund',
  'cancel',
  'parseWebhook',
  'confirmCard',
  'approveAction',
  'refuseAction',
  'authorize',
  'capture',
  'release',
  'payout',
  'findTransfer',
  'createAccount',
  'createAccountLink',
  'retrieveAccount',
  'parseAccountWebhook',
]);

/** A receiver that is a provider: `provider`, `sandbox`, `this.provider`, `cashProvider`, `connectApi`... */
const PROVIDER_RECEIVER = /(^|\.)(\w*provider|sandbox|connectApi)$/i;

interface Site {
  file: string;
  line: number;
  call: string;
  /** The `name` of the step it is made in, or null when it is made outside any step's `call`. */
  step: string | null;
}

/** The step whose `call` the node is lexically inside, or null. */
function enclosingStep(node: ts.Node): string | null {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (!ts.isArrowFunction(at) && !ts.isFunctionExpression(at) && !ts.isMethodDeclaration(at)) continue;
    const property = at.parent;
    const isCallProperty =
      (ts.isPropertyAssignment(property) && property.name.getText() === 'call' && property.initializer === at) ||
      (ts.isMethodDeclaration(at) && at.name.getText() === 'call');
    const literal = ts.isMethodDeclaration(at) ? at.parent : property.parent;
    if (!isCallProperty || !literal || !ts.isObjectLiteralExpression(literal)) return null;
    const runner = literal.parent;
    if (!ts.isCallExpression(runner) || runner.expression.getText() !== 'runProviderStep') return null;
    const name = literal.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText() === 'name');
    if (!name) return '(unnamed step)';
    const init = name.initializer;
    return ts.isStringLiteral(init) || ts.isNoSubstitutionTemplateLiteral(init) ? init.text : init.getText();
  }
  return null;
}

/** Every provider-port call in one source text. */
export function providerCallSites(file: string, text: string): Site[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const sites: Site[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.getText();
      const receiver = node.expression.expression.getText();
      if (PORT_METHODS.has(method) && PROVIDER_RECEIVER.test(receiver)) {
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        sites.push({ file, line, call: `${receiver}.${method}`, step: enclosingStep(node) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return sites;
}

function productFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return productFiles(path);
    return name.endsWith('.ts') && !/\.(test|int-helpers|test-helpers)\.ts$|\.d\.ts$/.test(name) ? [path] : [];
  });
}

const sites = productFiles(SERVER_SRC).flatMap((path) => providerCallSites(relative(SERVER_SRC, path), readFileSync(path, 'utf8')));

describe('every money provider call goes through the provider-step runner', () => {
  it('makes no provider call outside a step', () => {
    expect(sites.filter((site) => site.step === null)).toEqual([]);
  });

  it('lists each step and the provider calls it makes', () => {
    const byStep = [...new Set(sites.map((site) => `${site.file}: ${site.step} → ${site.call}`))].sort();
    expect(byStep).toEqual([
      'modules/payments/confirm-sandbox-payment.ts: sandbox card form step → sandbox.approveAction',
      'modules/payments/confirm-sandbox-payment.ts: sandbox card form step → sandbox.confirmCard',
      'modules/payments/confirm-sandbox-payment.ts: sandbox card form step → sandbox.refuseAction',
      'modules/payments/create-membership-payment.ts: create a membership payment → provider.createMembershipPayment',
      'modules/payments/handle-payment-webhook.ts: read a payment webhook → provider.parseWebhook',
      'modules/payments/payment-effects.ts: refund or cancel a payment → provider.cancel',
      'modules/payments/payment-effects.ts: refund or cancel a payment → provider.refund',
      'modules/payments/refresh-payment.ts: read how a payment stands → provider.retrieve',
      'modules/shipping/handle-shipping-webhook.ts: read a shipping webhook → provider.parseWebhook',
      'modules/wallet/authorize-trade-cash.ts: authorize trade money → provider.authorize',
      'modules/wallet/pay-payout.ts: pay a payout → provider.findTransfer',
      'modules/wallet/pay-payout.ts: pay a payout → provider.payout',
      'modules/wallet/reauthorize-cash.ts: authorize a lapsing hold again → provider.authorize',
      'modules/wallet/reauthorize-cash.ts: release a hold authorized again → provider.release',
      'modules/wallet/settle-trade-cash.ts: capture or release trade money → provider.capture',
      'modules/wallet/settle-trade-cash.ts: capture or release trade money → provider.release',
      'modules/wallet/stripe-onboarding.ts: link a Stripe Connect account → connectApi.createAccountLink',
      'modules/wallet/stripe-onboarding.ts: make a Stripe Connect account → connectApi.createAccount',
      'modules/wallet/stripe-onboarding.ts: read a Stripe Connect account → connectApi.retrieveAccount',
      'modules/wallet/stripe-onboarding.ts: read a Stripe Connect webhook → connectApi.parseAccountWebhook',
    ]);
  });

  it('catches a hand-written sequence: a provider called between two transactions of its own', () => {
    const handWritten = `
      export async function captureByHand(ctx, open) {
        await ctx.db.transaction(async (tx) => markIntent(tx, open));
        const provider = moneyProviderFor(ctx);
        await provider.capture(open.providerRef, 'key');
        await runProviderStep({ name: 'elsewhere', intent: async () => open, call: async () => provider.release('x', 'k'), apply: async () => {} });
      }`;
    expect(providerCallSites('by-hand.ts', handWritten).map(({ call, step }) => ({ call, step }))).toEqual([
      { call: 'provider.capture', step: null },
      { call: 'provider.release', step: 'elsewhere' },
    ]);
  });
});
