/** An inbound event, routed by the uid in its URL. */
export interface IEvent<T> {
  type: string;
  id: string;
  name: string;
  value: T;
}

/** The CustomEvent dispatched on the container; the payload is in `detail`. */
export interface ICustomEvent<T> extends CustomEvent {
  detail: T;
}

export type IEventHandler<T> = (event: ICustomEvent<T>) => unknown;
