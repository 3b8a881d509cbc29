import { type DynamicModule, Global, Module } from '@nestjs/common';
import { CompanyDetails, companyDetailsFrom } from './company.js';
import { Environment } from './environment.js';

/** Makes the validated Environment, and the company details read from it, injectable everywhere. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(env: Environment): DynamicModule {
    return {
      module: ConfigModule,
      providers: [{ provide: Environment, useValue: env }, { provide: CompanyDetails, useValue: companyDetailsFrom(env) }],
      exports: [Environment, CompanyDetails],
    };
  }
}
