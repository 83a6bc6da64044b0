import { StreamPositions } from './stream-positions.js';

describe(StreamPositions.name, () => {
  const started = (): StreamPositions => {
    const sut = new StreamPositions();
    sut.start('t', 0, '10');
    sut.start('t', 1, '0');
    return sut;
  };

  it('seeks every assigned partition to where the subscription started, before anything was handled', () => {
    expect(started().assigned({ t: [0, 1] })).toEqual({
      seeks: [
        { topic: 't', partition: 0, offset: '10' },
        { topic: 't', partition: 1, offset: '0' },
      ],
      unknown: [],
    });
  });

  it('seeks past what was handled on a later join, so a replaced consumer resumes where the last one was', () => {
    const sut = started();
    expect(sut.delivered('t', 0, '10')).toBeNull();
    sut.handled('t', 0, '14');
    expect(sut.assigned({ t: [0] }).seeks).toEqual([{ topic: 't', partition: 0, offset: '15' }]);
  });

  it('reports a partition it has no position in as a gap of unknown extent', () => {
    expect(started().assigned({ t: [2] })).toEqual({
      seeks: [],
      unknown: [{ topic: 't', partition: 2, from: null, to: null }],
    });
  });

  it('reports a batch that starts past the position once (retention deleted the position: the client jumped ahead)', () => {
    const sut = started();
    expect(sut.delivered('t', 0, '25')).toEqual({ topic: 't', partition: 0, from: '10', to: '25' });
    expect(sut.delivered('t', 0, '25')).toBeNull();
    sut.handled('t', 0, '25');
    expect(sut.delivered('t', 0, '26')).toBeNull();
  });

  it('takes a partition read again (offsets before the position) as no gap', () => {
    const sut = started();
    sut.handled('t', 0, '20');
    expect(sut.delivered('t', 0, '15')).toBeNull();
    sut.handled('t', 0, '15');
    expect(sut.assigned({ t: [0] }).seeks).toEqual([{ topic: 't', partition: 0, offset: '16' }]);
  });
});
