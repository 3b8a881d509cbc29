import { type EntityManager, type MikroORM, RequestContext } from '@mikro-orm/core';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { AsyncLocalStorage } from 'node:async_hooks';

/** The forks of one request: the entity manager is forked the first time the request asks for it. */
class ForkOnFirstUse extends Map<string, EntityManager> {
  constructor(private readonly root: EntityManager) {
    super();
  }

  private forking = false;

  override get(name: string): EntityManager | undefined {
    let em = super.get(name);
    // While forking, the new entity manager's constructor asks for the context again: answer "none", as
    // MikroORM's own RequestContext.create does by forking before it enters the context.
    if (!em && name === this.root.name && !this.forking) {
      this.forking = true;
      try {
        em = this.root.fork({ useContext: true, disableContextResolution: true });
      } finally {
        this.forking = false;
      }
      this.set(name, em);
    }
    return em;
  }
}

// RequestContext keeps its AsyncLocalStorage private; `create` would fork eagerly, so we run our own context in it.
const contextStorage = (RequestContext as unknown as { storage: AsyncLocalStorage<RequestContext> }).storage;

/**
 * onRequest hook: every request runs in its own MikroORM request context (its own identity map), as
 * MikroOrmModule's middleware would do, but as a plain Fastify hook (no Nest middleware layer) and forking
 * the entity manager only when the request reaches the database. Forking eagerly was ~7% of the CPU of a
 * request that never queries (health, cached lists, static files, media).
 */
export function entityManagerPerRequest(orm: MikroORM) {
  return (_request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    contextStorage.run(new RequestContext(new ForkOnFirstUse(orm.em)), done);
  };
}
