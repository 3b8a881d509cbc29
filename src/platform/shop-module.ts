import type { AnyEntity, EntitySchema } from '@mikro-orm/core';
import type { DynamicModule, Type } from '@nestjs/common';

/**
 * What a domain module tells the composition roots about itself, declared once in its `index.ts` and listed once
 * in `src/modules/index.ts`: its Nest module, its ORM entities, and what it offers storefront pages in-process
 * (`pageContext.services`). CoreModule registers the modules and entities; AppModule builds the page services
 * from them — so adding a module touches the module and one list, nothing else.
 */
export interface ShopModule<Services extends object = object> {
  /** The Nest module that holds the module's providers and controllers. */
  module: Type | DynamicModule;
  /** ORM entities (none for a module that persists with plain SQL). */
  entities: ReadonlyArray<EntitySchema<AnyEntity> | EntitySchema>;
  /** The application services pages may call, and how to expose them (a narrow view, never the whole service). */
  pageServices?: {
    inject: Type[];
    build(...services: never[]): Services;
  };
}

/** Declares a module (a typed identity: `build`'s arguments follow `inject`). */
export function shopModule<Services extends object, Deps extends unknown[]>(definition: {
  module: Type | DynamicModule;
  entities: ReadonlyArray<EntitySchema<AnyEntity> | EntitySchema>;
  pageServices?: { inject: { [K in keyof Deps]: Type<Deps[K]> }; build(...services: Deps): Services };
}): ShopModule<Services> {
  return definition as unknown as ShopModule<Services>;
}

/** The page services of a list of modules, merged (each module contributes its own keys). */
export type PageServicesOf<Modules extends readonly ShopModule[]> = UnionToIntersection<ServicesOf<Modules[number]>>;

type ServicesOf<M> = M extends ShopModule<infer Services> ? Services : never;

type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;

/** Builds every module's page services from the values Nest injected (in the order of the modules' `inject`). */
export function buildPageServices(modules: readonly ShopModule[], injected: unknown[]): object {
  const services: Record<string, unknown> = {};
  let offset = 0;
  for (const definition of modules) {
    const pages = definition.pageServices;
    if (!pages) continue;
    const args = injected.slice(offset, offset + pages.inject.length);
    offset += pages.inject.length;
    Object.assign(services, (pages.build as (...values: unknown[]) => object)(...args));
  }
  return services;
}
