/** Reads a newline-delimited JSON body line by line, handing each line over as soon as it arrives. */
export async function readLines(response: Response, onLine: (line: string) => void): Promise<void> {
  if (!response.body) {
    for (const line of (await response.text()).split('\n')) if (line.trim()) onLine(line);
    return;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += value;
    let end = buffered.indexOf('\n');
    while (end >= 0) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      if (line.trim()) onLine(line);
      end = buffered.indexOf('\n');
    }
  }
  if (buffered.trim()) onLine(buffered);
}
