// ./reporter-url.mjs
declare module 'virtual:vitals-reporter-url' {
  const url: string;
  export default url;
}
