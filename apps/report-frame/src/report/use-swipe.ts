/** Swipe gestures in presentation mode: posts swipeStart/swipeEnd and moves between bookmarks. */
import { useRef, type PointerEvent } from 'react';
import { stepBookmark } from './bookmarks.ts';
import type { ReportController } from './report-controller.ts';

const MIN_SWIPE = 40;

export function useSwipe(controller: ReportController, active: boolean) {
  const start = useRef<{ x: number; y: number } | null>(null);
  if (!active) return {};
  return {
    onPointerDown(event: PointerEvent) {
      start.current = { x: event.clientX, y: event.clientY };
      controller.emit('swipeStart', { currentPosition: { x: event.clientX, y: event.clientY } });
    },
    onPointerUp(event: PointerEvent) {
      const from = start.current;
      start.current = null;
      if (!from) return;
      controller.emit('swipeEnd', { currentPosition: { x: event.clientX, y: event.clientY } });
      const dx = event.clientX - from.x;
      if (Math.abs(dx) >= MIN_SWIPE) stepBookmark(controller, dx < 0 ? 1 : -1);
    },
  };
}
