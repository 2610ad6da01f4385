import { lazy } from 'react';

// The chart library comes with the drawings, in a chunk of its own that loads once a
// card asks for its first drawing: the cards, their figures and their text alternatives
// are in the dashboard's chunk and show at once. One import, shared by the three.
export const loadDrawings = () => import('./chart-drawings');

export const BarsDrawing = lazy(() => loadDrawings().then((m) => ({ default: m.BarsDrawing })));
export const AreaDrawing = lazy(() => loadDrawings().then((m) => ({ default: m.AreaDrawing })));
export const RingDrawing = lazy(() => loadDrawings().then((m) => ({ default: m.RingDrawing })));
