// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { VERIFICATION_CHECKS } from '@soleswap/contracts/verification-values';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render-app';
import { LandingPage } from './landing-page';

describe('landing page', () => {
  it('sends a newcomer to sign up, never to a development tool, and promises nothing unlaunched', () => {
    renderWithApp(<LandingPage priceText="$1/month" />);
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/api/login');
    expect(screen.getByRole('link', { name: /Start Trading/ }).getAttribute('href')).toBe('/api/login');
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).not.toContain('/emergency-auth');
    expect(document.body.textContent).not.toMatch(/emergency|coming soon/i);
  });

  it('says how many checks the verifier runs, that owners run them, and what a flag means, without claiming every pair is checked', () => {
    renderWithApp(<LandingPage priceText="$1/month" />);
    const text = document.body.textContent ?? '';
    expect(text).toContain(`Owners verify a pair with ${VERIFICATION_CHECKS.length} checks`);
    expect(text).toContain('replica wording');
    expect(text).toContain('A pair that fails on evidence is flagged, and a trader acknowledges the flag before trading for it.');
    expect(text).not.toMatch(/goes through \d+ checks/);
  });
});
