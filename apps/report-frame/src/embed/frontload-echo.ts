/**
 * Tells the SDK's duplicate load from a real one. powerbi-client answers the frame's `/ready`
 * with `/frontload/config`, and sends the same config again (`/report/load` or `/report/prepare`)
 * when it sees the iframe's load event: that second copy is the echo of the first and must not
 * load twice. Only a front-loaded config and a load of the same uid and config pair up, once;
 * every other load runs, `report.reload()` included (2.8.0 re-sends the same config on purpose).
 */
export class FrontloadEcho {
  private unpaired: { signature: string; frontload: boolean } | null = null;

  /**
   * True when this request is the other half of a front-load pair (and consumes the pair).
   * After a failed load the copy runs again, so a host's retry is never swallowed.
   */
  isEcho(
    request: { uid: string | undefined; config: unknown; frontload: boolean },
    failed: boolean,
  ) {
    const signature = JSON.stringify([request.uid, request.config]);
    const previous = this.unpaired;
    if (
      previous &&
      previous.frontload !== request.frontload &&
      previous.signature === signature &&
      !failed
    ) {
      this.unpaired = null;
      return true;
    }
    this.unpaired = { signature, frontload: request.frontload };
    return false;
  }
}
