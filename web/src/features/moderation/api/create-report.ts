import { useMutation } from '@tanstack/react-query';
import type { CreateReport, Report } from '@soleswap/contracts/moderation';
import { apiRequest } from '../../../lib/api-client';

/** Sends a report to the moderators (`POST /api/reports`); a repeat answers with the open report. */
export function createReport(report: CreateReport): Promise<Report> {
  return apiRequest<Report>('POST', '/api/reports', report);
}

export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}
