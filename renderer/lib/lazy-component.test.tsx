import { Suspense, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { lazyComponent } from './lazy-component';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** A loader whose answers the test gives, one per call. */
function controlledLoader() {
  const calls: { resolve: (value: typeof Greeting) => void; reject: (error: Error) => void }[] = [];
  const load = () =>
    new Promise<typeof Greeting>((resolve, reject) => {
      calls.push({ resolve, reject });
    });
  return { calls, load };
}

async function html(node: ReactNode): Promise<string> {
  const { prelude } = await prerender(node);
  return new Response(prelude).text();
}

describe('lazyComponent', () => {
  it('waits for its code, then draws it with its props', async () => {
    const loader = controlledLoader();
    const lazy = lazyComponent(loader.load, (component) => component);
    const rendered = html(
      <Suspense fallback={<p>Loading</p>}>
        <lazy.Component name="Ann" />
      </Suspense>,
    );
    await expect.poll(() => loader.calls.length).toBe(1);
    loader.calls[0]!.resolve(Greeting);
    expect(await rendered).toContain('Hello <!-- -->Ann');
  });

  it('draws at once, without its fallback, once fetched ahead', async () => {
    const loader = controlledLoader();
    const lazy = lazyComponent(loader.load, (component) => component);
    const tree = (
      <Suspense fallback={<p>Loading</p>}>
        <lazy.Component name="Ann" />
      </Suspense>
    );
    // Before: a synchronous render can only show the fallback.
    expect(renderToString(tree)).toContain('Loading');
    const preloaded = lazy.preload();
    loader.calls[0]!.resolve(Greeting);
    await preloaded;
    expect(renderToString(tree)).toContain('Hello <!-- -->Ann');
    expect(renderToString(tree)).not.toContain('Loading');
    // Fetched once, however often it is asked for.
    await lazy.preload();
    expect(loader.calls).toHaveLength(1);
  });

  it('draws a failed fetch as that error without fetching again; the next preload fetches afresh', async () => {
    const loader = controlledLoader();
    const lazy = lazyComponent(loader.load, (component) => component);
    const first = lazy.preload();
    loader.calls[0]!.reject(new Error('offline'));
    await expect(first).rejects.toThrow('offline');

    // Drawn, it reports the failure (to the nearest error boundary) rather than asking again, which would loop.
    const errors: unknown[] = [];
    await prerender(
      <Suspense fallback={<p>Loading</p>}>
        <lazy.Component name="Bo" />
      </Suspense>,
      { onError: (error) => void errors.push(error) },
    );
    expect(errors).toEqual([new Error('offline')]);
    expect(loader.calls).toHaveLength(1);

    const second = lazy.preload();
    expect(loader.calls).toHaveLength(2);
    loader.calls[1]!.resolve(Greeting);
    await second;
    expect(renderToString(<lazy.Component name="Bo" />)).toContain('Hello <!-- -->Bo');
  });

  it('fetches ahead only what was never fetched: a failed fetch is left for its next use to try again', async () => {
    const loader = controlledLoader();
    const lazy = lazyComponent(loader.load, (component) => component);
    lazy.prefetch();
    lazy.prefetch();
    expect(loader.calls).toHaveLength(1);
    loader.calls[0]!.reject(new Error('offline'));
    await new Promise((settled) => setTimeout(settled, 0));
    lazy.prefetch();
    expect(loader.calls).toHaveLength(1);
    // Its next use (an opening, a Retry) fetches afresh.
    const next = lazy.preload();
    expect(loader.calls).toHaveLength(2);
    loader.calls[1]!.resolve(Greeting);
    await next;
    expect(renderToString(<lazy.Component name="Cy" />)).toContain('Hello <!-- -->Cy');
  });
});
