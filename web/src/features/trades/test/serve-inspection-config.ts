import type { InspectionConfig } from '@soleswap/contracts/inspection';
import { http, HttpResponse } from 'msw';
import { server } from '../../../test/msw-server';

/** Answers `GET /api/inspection/config`, which the proposal, counter and accept forms read; no centre unless told. */
export function serveInspectionConfig(config: InspectionConfig = { hasCentre: false, requiredAboveCents: null }) {
  const served = { count: 0 };
  server.use(
    http.get('*/api/inspection/config', () => {
      served.count += 1;
      return HttpResponse.json(config);
    }),
  );
  return served;
}
