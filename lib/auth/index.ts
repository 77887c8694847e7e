export * from './permissions'
export * from './caller'
