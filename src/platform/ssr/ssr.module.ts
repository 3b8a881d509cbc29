import { type DynamicModule, type InjectionToken, Module, type ModuleMetadata } from '@nestjs/common';
import type { PageServices } from './page-context.js';
import { PAGE_SERVICES, PageRenderer } from './page-renderer.js';
import { SsrController } from './ssr.controller.js';

export interface SsrModuleOptions {
  imports: ModuleMetadata['imports'];
  inject: InjectionToken[];
  /** Builds the services that page data loaders may call; the composition root decides which. */
  useFactory: (...services: never[]) => PageServices;
}

@Module({})
export class SsrModule {
  static register(options: SsrModuleOptions): DynamicModule {
    return {
      module: SsrModule,
      imports: options.imports ?? [],
      controllers: [SsrController],
      providers: [
        PageRenderer,
        { provide: PAGE_SERVICES, inject: options.inject, useFactory: options.useFactory as (...args: unknown[]) => PageServices },
      ],
    };
  }
}
