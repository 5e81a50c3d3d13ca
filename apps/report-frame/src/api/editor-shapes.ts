/**
 * The editor's shapes (a dragged field, an aggregation, the authoring answers), checked as the
 * view's answers are (answer-check.ts) and shipped in the editor's chunk only.
 */
import { Shapes } from './answer-check.ts';
import shapes from './editor-shapes.json' with { type: 'json' };

export const editorShapes = new Shapes(shapes as Record<keyof typeof shapes, unknown>);
