import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * One money provider port (docs/rules/payments.md#one-money-provider-port, issue #42): memberships,
 * card holds and payouts all go through `MoneyProvider`, implemented once by the sandbox and once
 * by Stripe, and the test cards are the sandbox's alone. This reads the product's source and fails
 * on a second provider interface, a third implementation, or a test-card import outside sandbox/.
 */

const SERVER_SRC = join(__dirname, '../..');
const PORT = 'MoneyProvider';

/** The port's operations: an interface declaring two of them is a provider port, whatever its name. */
const PORT_OPERATIONS = new Set([
  'createMembershipPayment',
  'retrieve',
  'refund',
  'parseWebhook',
  'authorize',
  'capture',
  'release',
  'payout',
  'findTransfer',
]);

/**
 * The product's one other provider port: the carrier's (docs/rules/shipping.md), whose operations
 * are labels, trackers and addresses, never money. It and its implementations are its own module's.
 */
const CARRIER_PORT = 'ShippingProvider';
const CARRIER_PORT_SITE = `modules/shipping/shipping-provider.ts: ${CARRIER_PORT}`;

const isTestFile = (file: string) => /\.test\.ts$|\.int-helpers\.ts$/.test(file);

function productFiles(dir = SERVER_SRC): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return productFiles(path);
    return name.endsWith('.ts') && !isTestFile(name) ? [relative(SERVER_SRC, path)] : [];
  });
}

interface Finding {
  /** Provider interfaces (by name or by declaring the port's operations), with their file. */
  ports: string[];
  /** Classes implementing the port. */
  implementations: string[];
  /** Imports of the sandbox's test cards. */
  testCardImports: string[];
}

/** What one source text declares and imports that concerns the port. */
export function portFindings(file: string, text: string): Finding {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: Finding = { ports: [], implementations: [], testCardImports: [] };
  const memberNames = (members: ts.NodeArray<ts.TypeElement>) => members.map((m) => m.name?.getText()).filter((n): n is string => !!n);
  const isPort = (name: string, members: string[]) => /Provider$/.test(name) || members.filter((m) => PORT_OPERATIONS.has(m)).length >= 2;
  const visit = (node: ts.Node) => {
    if (ts.isInterfaceDeclaration(node) && isPort(node.name.text, memberNames(node.members))) {
      found.ports.push(`${file}: ${node.name.text}`);
    }
    if (ts.isTypeAliasDeclaration(node) && ts.isTypeLiteralNode(node.type) && isPort(node.name.text, memberNames(node.type.members))) {
      found.ports.push(`${file}: ${node.name.text}`);
    }
    if (ts.isClassDeclaration(node)) {
      const implemented = (node.heritageClauses ?? []).flatMap((clause) => clause.types.map((type) => type.expression.getText()));
      if (implemented.some((name) => /Provider$/.test(name))) {
        found.implementations.push(`${file}: ${node.name?.text ?? '(anonymous)'} implements ${implemented.join(', ')}`);
      }
    }
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (/(^|\/)test-cards$/.test(node.moduleSpecifier.text)) found.testCardImports.push(`${file}: ${node.moduleSpecifier.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function findingsOfProduct(): Finding {
  const all: Finding = { ports: [], implementations: [], testCardImports: [] };
  for (const file of productFiles()) {
    const found = portFindings(file, readFileSync(join(SERVER_SRC, file), 'utf8'));
    all.ports.push(...found.ports);
    all.implementations.push(...found.implementations);
    all.testCardImports.push(...found.testCardImports);
  }
  return all;
}

describe('the one money provider port', () => {
  const product = findingsOfProduct();

  it('is the only provider interface in the product besides the carrier port', () => {
    expect(product.ports.filter((site) => site !== CARRIER_PORT_SITE)).toEqual([`modules/payments/money-provider.ts: ${PORT}`]);
  });

  it('has one sandbox and one Stripe implementation', () => {
    const moneyImplementations = product.implementations.filter((site) => !site.endsWith(`implements ${CARRIER_PORT}`));
    expect(moneyImplementations.sort()).toEqual([
      `modules/payments/sandbox/sandbox-money-provider.ts: SandboxMoneyProvider implements ${PORT}`,
      `modules/payments/stripe/stripe-money-provider.ts: StripeMoneyProvider implements ${PORT}`,
    ]);
  });

  it('keeps the test cards in the sandbox: nothing outside payments/sandbox/ imports them but tests', () => {
    expect(product.testCardImports.filter((site) => !site.startsWith('modules/payments/sandbox/'))).toEqual([]);
  });

  it('catches a second port, by its name or by the operations it declares, a third implementation and a test-card import', () => {
    const text = `
      import { outcomeForCard } from '../payments/sandbox/test-cards';
      export interface CashProvider { authorize(): Promise<void>; capture(): Promise<void> }
      export interface HoldPort { capture(): Promise<void>; release(): Promise<void> }
      export type Payouts = { payout(): Promise<void>; findTransfer(): Promise<null> };
      export interface StripeTransferApi { createTransfer(): Promise<void>; findTransfer(): Promise<null> }
      export class LocalCash implements CashProvider {}`;
    expect(portFindings('modules/wallet/cash.ts', text)).toEqual({
      ports: ['modules/wallet/cash.ts: CashProvider', 'modules/wallet/cash.ts: HoldPort', 'modules/wallet/cash.ts: Payouts'],
      implementations: ['modules/wallet/cash.ts: LocalCash implements CashProvider'],
      testCardImports: ['modules/wallet/cash.ts: ../payments/sandbox/test-cards'],
    });
  });
});
