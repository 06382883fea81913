import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from './validate';

const CaptureSchema = z.object({ contentType: z.string().min(1).max(200), body: z.string().max(5_000_000) });
const NameSchema = z.object({ name: z.string().regex(/^[a-z0-9-]{1,64}$/) });

/**
 * The benchmark's ceiling (server/bench/README.md "API benchmark"): `PUT /api/bench/baseline/:name`
 * keeps the bytes a real route answered, and `GET` or `POST /api/bench/baseline/:name` sends them
 * back from memory, through the same framework, hooks and plugins but without any work. Only
 * registered when BENCH_BASELINE=1; never in a deployment.
 */
export async function benchBaselineRoutes(app: FastifyInstance) {
  const captured = new Map<string, { contentType: string; body: string }>();
  app.put('/api/bench/baseline/:name', async (request, reply) => {
    const { name } = parse(NameSchema, request.params);
    captured.set(name, parse(CaptureSchema, request.body));
    return reply.status(204).send();
  });
  const answer = async (request: { params: unknown }, reply: import('fastify').FastifyReply) => {
    const { name } = parse(NameSchema, request.params);
    const hit = captured.get(name);
    if (!hit) return reply.status(404).send({ code: 'NOT_FOUND', message: `Nothing captured as ${name}` });
    return reply.type(hit.contentType).send(hit.body);
  };
  app.get('/api/bench/baseline/:name', answer);
  app.post('/api/bench/baseline/:name', answer);
}
