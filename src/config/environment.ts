import { plainToInstance, Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min, MinLength, validateSync } from 'class-validator';
import path from 'node:path';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const NODE_ENVS = ['development', 'production', 'test'] as const;

const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);

/**
 * Every setting the shop reads from the environment. It is validated once at start-up; a bad value
 * stops the process with one message that lists every problem, instead of failing later and far away.
 */
export class Environment {
  @Transform(({ value }) => (value === undefined || value === '' ? 3000 : Number(value)))
  @IsInt({ message: 'PORT must be a whole number' })
  @Min(0, { message: 'PORT must be between 0 and 65535' })
  @Max(65535, { message: 'PORT must be between 0 and 65535' })
  PORT = 3000;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'DATABASE_URL must be a postgres:// or postgresql:// URL' })
  DATABASE_URL?: string;

  @Transform(({ value }) => (value === undefined || value === '' ? './var' : value))
  @IsString()
  @MinLength(1)
  DATA_DIR = './var';

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(
    { require_protocol: true, require_tld: false, protocols: ['http', 'https'] },
    { message: 'PUBLIC_URL must be an http(s) URL such as https://shop.example.co.uk' },
  )
  PUBLIC_URL?: string;

  @Transform(({ value }) => (value === undefined || value === '' ? 'development' : value))
  @IsIn(NODE_ENVS, { message: `NODE_ENV must be one of ${NODE_ENVS.join(', ')}` })
  NODE_ENV: (typeof NODE_ENVS)[number] = 'development';

  @Transform(({ value }) => (value === undefined || value === '' ? 'info' : value))
  @IsIn(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })
  LOG_LEVEL: (typeof LOG_LEVELS)[number] = 'info';

  get isProduction(): boolean {
    return this.NODE_ENV === 'production';
  }

  get usesEmbeddedDatabase(): boolean {
    return this.DATABASE_URL === undefined;
  }

  get dataDir(): string {
    return path.resolve(this.DATA_DIR);
  }

  get publicUrl(): string {
    return (this.PUBLIC_URL ?? `http://localhost:${this.PORT}`).replace(/\/+$/, '');
  }
}

export class ConfigurationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigurationError';
  }
}

const KEYS = ['PORT', 'DATABASE_URL', 'DATA_DIR', 'PUBLIC_URL', 'NODE_ENV', 'LOG_LEVEL'] as const;

export function loadEnvironment(source: Record<string, string | undefined> = process.env): Environment {
  const raw: Record<string, string | undefined> = {};
  for (const key of KEYS) raw[key] = source[key];
  const env = plainToInstance(Environment, raw);
  const problems = validateSync(env, { skipMissingProperties: false }).flatMap((error) =>
    Object.values(error.constraints ?? {}),
  );
  if (problems.length > 0) throw new ConfigurationError(problems);
  return env;
}
