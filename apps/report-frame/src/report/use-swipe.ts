/**
 * Swipe gestures in presentation mode: a press that moves sideways posts swipeStart, its release
 * posts swipeEnd and moves to the next or previous bookmark. Plain clicks post nothing.
 */
import { useRef, type PointerEvent } from 'react';
import type { ReportController } from './report-controller.ts';

const START_DISTANCE = 10;
const MIN_SWIPE = 40;

interface Gesture {
  x: number;
  y: number;
  started: boolean;
}

export function useSwipe(controller: ReportController, active: boolean) {
  const gesture = useRef<Gesture | null>(null);
  if (!active) return {};
  const position = (event: PointerEvent) => ({
    currentPosition: { x: event.clientX, y: event.clientY },
  });
  return {
    onPointerDown(event: PointerEvent) {
      gesture.current = { x: event.clientX, y: event.clientY, started: false };
    },
    onPointerMove(event: PointerEvent) {
      const current = gesture.current;
      if (!current || current.started || Math.abs(event.clientX - current.x) < START_DISTANCE)
        return;
      current.started = true;
      controller.emit('swipeStart', { currentPosition: { x: current.x, y: current.y } });
    },
    onPointerUp(event: PointerEvent) {
      const current = gesture.current;
      gesture.current = null;
      if (!current?.started) return;
      controller.emit('swipeEnd', position(event));
      const dx = event.clientX - current.x;
      if (Math.abs(dx) >= MIN_SWIPE) controller.bookmarks.step(dx < 0 ? 1 : -1);
    },
  };
}
