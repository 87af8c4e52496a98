/** What a probe of the store tells. */
export type StoreHealth = { ok: true } | { ok: false; code: string; reason: string };

/**
 * Runs `probe` and tells what came of it within `deadlineMs`: a typed store error's code
 * (`store_locked`, `store_unavailable`…), `store_unavailable` past the deadline.
 */
export async function probeWithin(
  probe: () => Promise<unknown>,
  deadlineMs: number,
): Promise<StoreHealth> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          Object.assign(new Error('the store did not answer in time'), {
            code: 'store_unavailable',
          }),
        ),
      deadlineMs,
    );
  });
  try {
    await Promise.race([probe(), deadline]);
    return { ok: true };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return {
      ok: false,
      code: typeof code === 'string' ? code : 'store_unavailable',
      reason: error instanceof Error ? error.message : String(error),
    };
  } finally {
    clearTimeout(timer);
  }
}
