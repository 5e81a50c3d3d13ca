/**
 * The queries a report's visuals ask the BI service for. The frame builds them for what the user
 * sees; the service builds the opening page's to start them before the frame asks.
 */
export * from './fields.ts';
export * from './visual-queries.ts';
export * from './opening-page.ts';
