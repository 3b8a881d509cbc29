import type { AnyEntity, EntitySchema } from '@mikro-orm/core';
import type { ModuleMetadata, Provider, Type } from '@nestjs/common';

/**
 * One slice of a module (content: widgets, blog, …; catalogue: browsing, administration, previews, …): its
 * controllers, providers, the providers it offers to the rest of the app, and its entities. The module's
 * `*.module.ts` composes them, so each slice lives in files of its own.
 */
export interface FeatureSlice {
  /** Other modules the slice needs (through their index.ts), e.g. identity for author names. */
  imports?: NonNullable<ModuleMetadata['imports']>;
  controllers: Type[];
  providers: Provider[];
  exports: Array<Type | symbol | string>;
  entities: Array<EntitySchema<AnyEntity> | EntitySchema>;
}

/** A module's metadata from its slices: `@Module(moduleOf(slices))` (imports deduplicated, in order). */
export function moduleOf(slices: readonly FeatureSlice[]): ModuleMetadata {
  return {
    imports: [...new Set(slices.flatMap((slice) => slice.imports ?? []))],
    controllers: slices.flatMap((slice) => slice.controllers),
    providers: slices.flatMap((slice) => slice.providers),
    exports: slices.flatMap((slice) => slice.exports),
  };
}
