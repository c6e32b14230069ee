import 'server-only';
import type { z } from 'zod';
import type { wire } from '../remote/contract';

/** What a route of the reference backend answers: a status and a JSON body. */
export type Reply = { status: number; body: unknown; retryAfter?: number };
export type Route = (body: unknown, query: URLSearchParams) => Promise<Reply>;

export const ok = (body: unknown): Reply => ({ status: 200, body });
export const error = (status: number, code: z.infer<typeof wire.Error>['error']): Reply => ({
  status,
  body: { error: code },
});
export const iso = (date: Date | null) => date?.toISOString() ?? null;
