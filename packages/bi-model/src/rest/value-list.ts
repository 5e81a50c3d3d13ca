import { z } from 'zod';

/** Power BI wraps every list it answers in `{ value: [...] }`. */
export const valueListOf = <T extends z.ZodType>(item: T) => z.object({ value: z.array(item) });
