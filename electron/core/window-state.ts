import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';

/** Where and how big the main window was, kept in `<userData>/window-state.json` between runs. */
export const windowStateSchema = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().min(320).max(100_000),
  height: z.number().int().min(240).max(100_000),
  maximized: z.boolean().default(false),
  fullScreen: z.boolean().default(false),
});
export type WindowState = z.output<typeof windowStateSchema>;

export interface Rectangle {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** The part of `a` inside `b`, as an area. */
function overlap(a: Rectangle, b: Rectangle): { width: number; height: number } {
  return {
    width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)),
    height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)),
  };
}

/**
 * The remembered state made safe for the displays there are now: a window that would sit (almost)
 * entirely off-screen, because a monitor was unplugged, loses its position (the OS centres it),
 * and no window is larger than the largest display's work area.
 */
export function fitToDisplays(state: WindowState, workAreas: readonly Rectangle[]): WindowState {
  if (workAreas.length === 0) return state;
  const widest = Math.max(...workAreas.map((area) => area.width));
  const tallest = Math.max(...workAreas.map((area) => area.height));
  const fitted: WindowState = {
    ...state,
    width: Math.min(state.width, widest),
    height: Math.min(state.height, tallest),
  };
  if (fitted.x === undefined || fitted.y === undefined) return fitted;
  const rectangle = { x: fitted.x, y: fitted.y, width: fitted.width, height: fitted.height };
  // Enough of the title bar must show to grab it.
  const reachable = workAreas.some((area) => {
    const visible = overlap(rectangle, area);
    return visible.width >= 100 && visible.height >= 50;
  });
  if (reachable) return fitted;
  const { x: _x, y: _y, ...withoutPosition } = fitted;
  return withoutPosition;
}

export class WindowStateStore {
  private writing: Promise<void> = Promise.resolve();

  constructor(readonly file: string) {}

  /** The saved state, or undefined when there is none or it does not validate. */
  async load(): Promise<WindowState | undefined> {
    try {
      const parsed = windowStateSchema.safeParse(JSON.parse(await readFile(this.file, 'utf8')));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }

  save(state: WindowState): Promise<void> {
    const body = JSON.stringify(windowStateSchema.parse(state));
    this.writing = this.writing
      .catch(() => {})
      .then(async () => {
        await mkdir(dirname(this.file), { recursive: true });
        await writeFile(`${this.file}.tmp`, body);
        await rename(`${this.file}.tmp`, this.file);
      });
    return this.writing;
  }
}
