// @vitest-environment jsdom
import { screen } from '@testing-library/react';
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
});
