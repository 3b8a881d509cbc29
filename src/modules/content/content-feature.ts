import type { AnyEntity, EntitySchema } from '@mikro-orm/core';
import type { ModuleMetadata, Provider, Type } from '@nestjs/common';

/**
 * One slice of the content module (widgets, blog, newsletter, …): its controllers, providers, the
 * providers it offers to the rest of the app, and its entities. content.module.ts composes them, so
 * each slice lives in files of its own.
 */
export interface ContentFeature {
  /** Other modules the slice needs (through their index.ts), e.g. identity for author names. */
  imports?: NonNullable<ModuleMetadata['imports']>;
  controllers: Type[];
  providers: Provider[];
  exports: Array<Type | symbol | string>;
  entities: Array<EntitySchema<AnyEntity> | EntitySchema>;
}
