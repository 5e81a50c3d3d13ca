import { models } from './protocol/index.ts';
import type { IHttpPostMessageResponse } from './protocol/index.ts';
import { Embed } from './embed.ts';
import type { IEmbedConfigurationBase } from './embed-types.ts';
import type { OwnFrameEmbedArgs } from './own-frame-embed.ts';
import { envelopeOf } from './util.ts';

/** An embedded Q&A box. It has no id and gets no default settings. */
export class Qna extends Embed {
  static override type = 'Qna';
  static override allowedEvents = ['loaded', 'visualRendered'];

  constructor(...[service, element, config, phasedRender, isBootstrap]: OwnFrameEmbedArgs) {
    super(service, element, config, undefined, phasedRender, isBootstrap);
    this.loadPath = '/qna/load';
    this.phasedLoadPath = '/qna/prepare';
    this.allowedEvents.push(...Qna.allowedEvents);
  }

  getId(): null {
    return null;
  }

  /** Asks a new question; resolves with the whole reply envelope, as 2.8.0 does. */
  setQuestion(question: string): Promise<IHttpPostMessageResponse<void>> {
    return envelopeOf(
      this.service.hpm.post<void>(
        '/qna/interpret',
        { question },
        this.uidHeader(),
        this.frameWindow(),
      ),
    );
  }

  validate(config: IEmbedConfigurationBase): models.IError[] | undefined {
    return models.validateLoadQnaConfiguration(config);
  }
}
