// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render-app';
import { buildConfig, buildShipping, serveShipping } from '../test/build-shipping';
import { AcceptLabelPayerNote } from './accept-label-payer-note';

describe('who pays for labels, said before accepting (issue #43)', () => {
  it('names the platform when it pays', async () => {
    serveShipping(buildConfig({ labelPayer: 'platform' }), () => buildShipping(null));
    renderWithApp(<AcceptLabelPayerNote />);
    expect(await screen.findByText(/^Shipping labels: the platform pays for both labels\./)).toBeTruthy();
  });

  it('names each side’s wallet when senders pay', async () => {
    serveShipping(buildConfig({ labelPayer: 'sender' }), () => buildShipping(null));
    renderWithApp(<AcceptLabelPayerNote />);
    expect(await screen.findByText(/^Shipping labels: each side pays for their own label from their wallet/)).toBeTruthy();
  });
});
