import { type EntityManager, type MikroORM, RequestContext } from '@mikro-orm/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { entityManagerPerRequest } from './request-context.js';

/** A stand-in root entity manager: counts forks, each fork a distinct object (no database is involved). */
function rootManager() {
  const forks: object[] = [];
  const root = {
    name: 'default',
    fork: () => {
      // The fork's constructor asks for the context again: the hook must answer "none" meanwhile.
      expect(RequestContext.getEntityManager('default')).toBeUndefined();
      const fork = { name: 'default', forkNumber: forks.length + 1 };
      forks.push(fork);
      return fork;
    },
  };
  return { orm: { em: root } as unknown as MikroORM, forks };
}

const runHook = (orm: MikroORM, work: () => void) =>
  entityManagerPerRequest(orm)({} as FastifyRequest, {} as FastifyReply, work);

describe('entityManagerPerRequest', () => {
  it('forks nothing for a request that never reaches the database', () => {
    const { orm, forks } = rootManager();
    let ran = false;
    runHook(orm, () => {
      ran = true;
    });
    expect(ran).toBe(true);
    expect(forks).toHaveLength(0);
  });

  it('forks once, on first use, and keeps that fork for the rest of the request', () => {
    const { orm, forks } = rootManager();
    let first: EntityManager | undefined;
    let second: EntityManager | undefined;
    runHook(orm, () => {
      first = RequestContext.getEntityManager();
      second = RequestContext.getEntityManager();
    });
    expect(forks).toHaveLength(1);
    expect(first).toBe(forks[0]);
    expect(second).toBe(first);
  });

  it('gives each request its own fork', () => {
    const { orm, forks } = rootManager();
    runHook(orm, () => RequestContext.getEntityManager());
    runHook(orm, () => RequestContext.getEntityManager());
    expect(forks).toHaveLength(2);
    expect(forks[0]).not.toBe(forks[1]);
  });
});
