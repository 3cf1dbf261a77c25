// Stands in for `@smithy/core/event-streams` in Lambda bundles. Event streams carry the responses of a few
// streaming operations (S3 SelectObjectContent, Bedrock, Transcribe, ...) and none of the operations our
// Lambdas call has one; the SDK loads the real module only for such an operation (a dynamic import, which
// esbuild still puts into the one bundle file: about 15 KB in every bundle with an SDK client). The S3
// client asks for a marshaller when it is built, so it gets one that refuses to work.
const notBundled = (): never => {
  throw new Error('Event streams are not bundled into this Lambda');
};

interface EventStreamConfig {
  eventStreamSerdeProvider: (config: object) => unknown;
}

export const eventStreamSerdeProvider = (): object => ({ serialize: notBundled, deserialize: notBundled });

export const resolveEventStreamSerdeConfig = <T extends EventStreamConfig>(input: T): T =>
  Object.assign(input, { eventStreamMarshaller: input.eventStreamSerdeProvider(input) });

export class EventStreamSerde {
  constructor() {
    notBundled();
  }
}
