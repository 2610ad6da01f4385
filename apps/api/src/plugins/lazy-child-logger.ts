import type { FastifyBaseLogger } from 'fastify';

type Bindings = Record<string, unknown>;
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

/**
 * A request's logger that becomes pino's child only when the request logs something at
 * an enabled level. Most requests log nothing when the level is quiet, and a child with
 * our redaction and hooks costs several microseconds to build: on every request, that
 * was a few per cent of a simple answer.
 */
class LazyChild {
  #child: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
  ) {}

  get real(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings);
    return this.#child;
  }
  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.real.level = level;
  }
  /** Whether a line at `level` would be written (pino's own check, on the parent or the child). */
  enabled(level: string): boolean {
    const logger = (this.#child ?? this.parent) as { isLevelEnabled?(l: string): boolean };
    return logger.isLevelEnabled?.(level) ?? true;
  }
  child(bindings: Bindings, options?: ChildOptions) {
    return this.real.child(bindings, options);
  }
  silent() {}
}
for (const level of LEVELS)
  Object.defineProperty(LazyChild.prototype, level, {
    value(this: LazyChild, ...args: unknown[]) {
      if (!this.enabled(level)) return;
      const real = this.real as unknown as Record<string, (...a: unknown[]) => void>;
      real[level]?.(...args);
    },
  });

/** Fastify's childLoggerFactory: lazy unless the route asks for a level or serializers. */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: NonNullable<ChildOptions>,
): FastifyBaseLogger {
  if (options.level || options.serializers) return logger.child(bindings, options);
  return new LazyChild(logger, bindings) as unknown as FastifyBaseLogger;
}
